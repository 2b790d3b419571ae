import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR } from '../../domain/constants';
import { ApiError } from '../../data/api';
import { FieldError, errorIdOf, hintIdOf } from '../../ui/form-field';
import { useErrorText } from './provider-form-errors';
import styles from './provider-form-upload.module.css';
import { uploadFile } from './provider-form-upload';
import { PHOTO_TYPES, isPhotoType, resizePhoto } from './resize-photo';

type Props = {
  id: string;
  /** Object URL of the photo sent, while the page lives. */
  preview?: string;
  error?: string;
  onUploaded: (photoId: string, photo: Blob) => void;
  onTouched: () => void;
};

type Failure = 'type' | 'unreadable' | { code: string; retryAfter?: number };

/**
 * The profile photo: a JPG or PNG the user picks, made small in the browser (200 px on a phone,
 * 400 px otherwise, JPEG 0.8) and sent at once, so the registration only carries its id.
 */
export function PhotoField({ id, preview, error, onUploaded, onTouched }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<Failure>();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onTouched();
    setFailure(undefined);
    if (!isPhotoType(file.type)) {
      setFailure('type');
      return;
    }
    setWorking(true);
    try {
      let photo: Blob;
      try {
        photo = await resizePhoto(file);
      } catch {
        setFailure('unreadable');
        return;
      }
      try {
        const { photoId } = await uploadFile(photo, 'photo');
        onUploaded(photoId, photo);
      } catch (uploadError) {
        setFailure(
          uploadError instanceof ApiError
            ? { code: uploadError.code, retryAfter: uploadError.retryAfter }
            : { code: 'server' },
        );
      }
    } finally {
      setWorking(false);
    }
  };

  const shown =
    failure === undefined
      ? error
      : typeof failure === 'string'
        ? t(`registerProvider.photo.errors.${failure}`)
        : errorText(failure.code, failure.retryAfter);

  return (
    <div className={styles.upload}>
      <p className={styles.label} id={`${id}-label`}>
        {t('registerProvider.photo.label')}
      </p>
      <div className={styles.row}>
        <img
          className={styles.photo}
          src={preview ?? DEFAULT_AVATAR}
          alt={preview ? t('registerProvider.photo.previewAlt') : ''}
          width={96}
          height={96}
        />
        <div className={styles.actions}>
          <input
            id={id}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className={`visually-hidden ${styles.input}`}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={[hintIdOf(id), shown ? errorIdOf(id) : ''].join(' ').trim()}
            aria-invalid={shown ? true : undefined}
            disabled={working}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <label htmlFor={id} id={`${id}-button`} className={styles.pick} aria-disabled={working}>
            {preview ? t('registerProvider.photo.change') : t('registerProvider.photo.choose')}
          </label>
          <p id={hintIdOf(id)} className={styles.hint}>
            {t('registerProvider.photo.hint')}
          </p>
          <p className={working ? styles.status : styles.done} role="status">
            {working ? t('registerProvider.photo.working') : preview ? t('registerProvider.photo.done') : ''}
          </p>
        </div>
      </div>
      <FieldError id={id} error={shown} />
    </div>
  );
}
