// hls.js's light build (no subtitles, alternate audio or DRM, none of which a broadcast has) ships no types of its own: they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
