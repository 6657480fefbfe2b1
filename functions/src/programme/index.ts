/**
 * The programme's settings (one item): what handlers and other modules may use of it.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { getProgramme, saveProgramme } from './repository';
