import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/Button/Button';
import { copy } from '../copy';
import { removePhoto, uploadPhoto } from '../api';
import { useSetOwnProfile } from '../hooks';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from '../lib/types';
import { Avatar } from '@/components/Avatar/Avatar';
import formStyles from './Form.module.css';
import styles from './PhotoField.module.css';

/** An optional photo: choose, preview at once, upload; or remove the current one. */
export const PhotoField = ({ name, photoUrl }: { name: string; photoUrl: string | null }) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const setOwnProfile = useSetOwnProfile();
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(copy.photo.wrongType);
    if (file.size > MAX_PHOTO_BYTES) return setError(copy.photo.tooLarge);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    setStatus(copy.photo.uploading);
    try {
      setOwnProfile(await uploadPhoto(file));
      setStatus(copy.photo.saved);
    } catch (caught) {
      setPreview(null);
      setStatus('');
      setError(caught instanceof Error && caught.message === copy.photo.failed ? copy.photo.failed : errorMessage(caught));
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      setOwnProfile(await removePhoto());
      setPreview(null);
      setStatus(copy.photo.removed);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? photoUrl;
  return (
    <fieldset className={formStyles.fieldset} aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}>
      <legend className={`${formStyles.label} ${formStyles.subLegend}`}>{copy.photo.legend}</legend>
      <div className={styles.photo}>
        {shown ? (
          <img src={shown} alt={preview ? copy.photo.preview : copy.photo.current} className={styles.image} />
        ) : (
          <Avatar name={name} photoUrl={null} size="xl" />
        )}
        <div className={styles.controls}>
          <p id={`${inputId}-hint`} className={formStyles.hint}>
            {copy.photo.hint}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <div className={formStyles.actions}>
            <Button variant="secondary" disabled={busy} aria-describedby={`${inputId}-hint`} onClick={() => inputRef.current?.click()}>
              {shown ? copy.photo.change : copy.photo.choose}
            </Button>
            {photoUrl && !preview && (
              <Button variant="secondary" disabled={busy} onClick={() => void remove()}>
                {copy.photo.remove}
              </Button>
            )}
          </div>
          <p role="status" className={formStyles.hint}>
            {status}
          </p>
          {error && (
            <p id={`${inputId}-error`} role="alert" className={formStyles.error}>
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
};
