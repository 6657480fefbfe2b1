/**
 * Profile photos: the upload keys, the image checks, the media bucket's store, and a member's photo set or removed.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { PhotoRejectedError, processPhoto } from './image';
export { allVariantKeys, isOwnUploadKey, newUploadKey, photoKeys } from './keys';
export { deleteQuietly, putPhoto, readUpload } from './store';
export { removePhoto, setPhotoFromUpload } from './member-photo';
