import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_LENGTH, BANK_ACCOUNT_MAX_LENGTH, ID_NUMBER_MAX_LENGTH } from '../../domain/registration';
import { TextAreaField, TextField } from '../../ui/form-field';
import { DocumentField } from './provider-form-document';
import { FieldPair, FormSection, fieldId } from './provider-form-fields';
import { useBinder } from './provider-form-sections';
import type { ProviderFormState } from './provider-form-state';

/** Identity and bank details: checked by the team, never shown on the profile. */
export function IdentitySection({ state }: { state: ProviderFormState }) {
  const { t } = useTranslation();
  const { error, text } = useBinder({ state });
  const today = new Date();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const oldest = new Date(Date.UTC(today.getUTCFullYear() - 119, 0, 1));
  return (
    <FormSection
      title={t('registerProvider.sections.identity')}
      intro={t('registerProvider.sections.identityIntro')}
    >
      <FieldPair>
        <TextField
          label={t('registerProvider.fields.dateOfBirth')}
          type="date"
          min={iso(oldest)}
          max={iso(today)}
          autoComplete="bday"
          required
          {...text('dateOfBirth')}
        />
        <TextField
          label={t('registerProvider.fields.idNumber')}
          maxLength={ID_NUMBER_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          required
          {...text('idNumber')}
        />
      </FieldPair>
      <TextAreaField
        label={t('registerProvider.fields.address')}
        rows={3}
        maxLength={ADDRESS_MAX_LENGTH}
        autoComplete="street-address"
        required
        {...text('address')}
      />
      <DocumentField
        id={fieldId('idDocument')}
        fileName={state.documentName}
        error={error('idDocument')}
        onUploaded={state.setDocument}
        onTouched={() => state.touch('idDocument')}
      />
      <FieldPair>
        <TextField
          label={t('registerProvider.fields.bankAccountNumber')}
          maxLength={BANK_ACCOUNT_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          required
          {...text('bankAccountNumber')}
        />
        <TextField
          label={t('registerProvider.fields.ifsc')}
          maxLength={15}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint={t('registerProvider.fields.ifscHint')}
          {...text('ifsc')}
        />
      </FieldPair>
    </FormSection>
  );
}
