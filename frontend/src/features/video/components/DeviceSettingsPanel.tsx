import { DeviceSelectorAudioInput, DeviceSelectorAudioOutput, DeviceSelectorVideo } from '@stream-io/video-react-sdk';
import { text } from '../strings';

export const DeviceSettingsPanel = () => (
  <section className="call-panel" aria-label={text.controls.settings}>
    <DeviceSelectorAudioInput visualType="list" />
    <DeviceSelectorVideo visualType="list" />
    <DeviceSelectorAudioOutput visualType="list" />
  </section>
);
