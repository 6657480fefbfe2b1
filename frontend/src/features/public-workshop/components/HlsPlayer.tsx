import { useEffect, useRef, useState } from 'react';
import { copy } from '../copy';
import styles from '../public-workshop.module.css';

/**
 * Plays an HLS playlist. Chromium and Firefox play HLS through Media Source Extensions, so hls.js's light build (loaded here, on
 * this page only: it stays out of every other page's JavaScript) feeds the video element; Safari plays it natively.
 * Muted until the visitor turns the sound on: browsers let only a muted video start by itself.
 */
export const HlsPlayer = ({ src, title, onFailed }: { src: string; title: string; onFailed: () => void }) => {
  const video = useRef<HTMLVideoElement>(null);
  const [unsupported, setUnsupported] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let destroy = () => {};
    let cancelled = false;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ liveDurationInfinity: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) onFailed();
        });
        hls.loadSource(src);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = src;
      } else {
        setUnsupported(true);
      }
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src, onFailed]);
  if (unsupported) return <p role="alert">{copy.cannotPlay}</p>;
  return <video ref={video} className={styles.video} aria-label={copy.player(title)} controls autoPlay muted playsInline />;
};
