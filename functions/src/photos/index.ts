/**
 * Profile photos: the upload keys, the image checks and the media bucket's store.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { PhotoRejectedError, processPhoto } from './image';
export { allVariantKeys, isOwnUploadKey, newUploadKey, photoKeys } from './keys';
export { deleteQuietly, putPhoto, readUpload } from './store';
