import { DeviceSelectorAudioInput, DeviceSelectorAudioOutput, DeviceSelectorVideo } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

export const DeviceSettingsPanel = () => (
  <section className="call-panel" aria-label={text.controls.settings}>
    <DeviceSelectorAudioInput visualType="list" title={text.devices.microphone} />
    <DeviceSelectorVideo visualType="list" title={text.devices.camera} />
    <DeviceSelectorAudioOutput visualType="list" title={text.devices.speaker} />
  </section>
);
