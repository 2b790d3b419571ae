import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api';
import { FieldError, errorIdOf, hintIdOf } from '../../ui/form-field';
import { useErrorText } from './provider-form-errors';
import { DOCUMENT_TYPES, UPLOAD_MAX_BYTES, isDocumentType, uploadFile } from './provider-form-upload';
import styles from './provider-form-upload.module.css';

type Props = {
  id: string;
  /** Name of the file sent, while the page lives. */
  fileName?: string;
  error?: string;
  onUploaded: (documentId: string, fileName: string) => void;
  onTouched: () => void;
};

type Failure = 'type' | 'size' | { code: string; retryAfter?: number };

/** The identity document (passport, ID card, PAN card): a JPG, PNG or PDF sent as it is. */
export function DocumentField({ id, fileName, error, onUploaded, onTouched }: Props) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const maxSize = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 0,
  }).format(UPLOAD_MAX_BYTES / 1024 / 1024);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onTouched();
    setFailure(undefined);
    if (!isDocumentType(file.type)) return setFailure('type');
    if (file.size > UPLOAD_MAX_BYTES) return setFailure('size');
    setWorking(true);
    try {
      const { photoId } = await uploadFile(file, 'id_document');
      onUploaded(photoId, file.name);
    } catch (uploadError) {
      setFailure(
        uploadError instanceof ApiError
          ? { code: uploadError.code, retryAfter: uploadError.retryAfter }
          : { code: 'server' },
      );
    } finally {
      setWorking(false);
    }
  };

  const shown =
    failure === undefined
      ? error
      : typeof failure === 'string'
        ? t(`registerProvider.document.errors.${failure}`, { size: maxSize })
        : errorText(failure.code, failure.retryAfter);

  return (
    <div className={styles.upload}>
      <p className={styles.label} id={`${id}-label`}>
        {t('registerProvider.document.label')}
      </p>
      <div className={styles.actions}>
        <input
          id={id}
          type="file"
          accept={DOCUMENT_TYPES.join(',')}
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
          {fileName ? t('registerProvider.document.change') : t('registerProvider.document.choose')}
        </label>
        <p id={hintIdOf(id)} className={styles.hint}>
          {t('registerProvider.document.hint', { size: maxSize })}
        </p>
        <p className={working ? styles.status : styles.done} role="status">
          {working
            ? t('registerProvider.document.working')
            : fileName
              ? t('registerProvider.document.done', { name: fileName })
              : ''}
        </p>
      </div>
      <FieldError id={id} error={shown} />
    </div>
  );
}
