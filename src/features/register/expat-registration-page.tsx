import { useTranslation } from 'react-i18next';
import { EXPAT_YEARS_ABROAD_MIN } from '../../domain/constants';
import { OTHER_TEXT_MAX_LENGTH, YEARS_MAX } from '../../domain/registration';
import { EXPAT_SPECIALTIES } from '../../domain/specialties';
import { TextField } from '../../ui/form-field';
import { FieldPair, FormSection, OptionalLabel, fieldId } from './provider-form-fields';
import { ProviderRegistration } from './provider-form-layout';
import { IdentitySection } from './provider-form-identity';
import { PhoneField } from './provider-form-phone';
import { PhotoField } from './provider-form-photo';
import { CheckboxGroup } from './provider-form-picker';
import {
  AccountSection,
  BioField,
  CountryChoice,
  ListWithOther,
  useBinder,
  useLanguageOptions,
} from './provider-form-sections';
import type { ProviderFormState } from './provider-form-state';

/** `/register/expat`: an experienced expatriate offers their help, then waits for approval. */
export function ExpatRegistrationPage() {
  return <ProviderRegistration role="expat" sections={(state) => <ExpatSections state={state} />} />;
}

function ExpatSections({ state }: { state: ProviderFormState }) {
  const { t } = useTranslation();
  const { error, text } = useBinder({ state });
  const languages = useLanguageOptions();

  return (
    <>
      <AccountSection state={state} />

      <FormSection
        title={t('registerProvider.sections.contact')}
        intro={t('registerProvider.sections.contactIntro')}
      >
        <PhoneField
          name="phone"
          legend={t('registerProvider.fields.phone')}
          number={state.form.phone}
          country={state.form.phoneCountry}
          error={error('phone')}
          onNumber={(value) => state.update('phone', value)}
          onCountry={(value) => state.update('phoneCountry', value)}
          onBlur={() => state.touch('phone')}
        />
      </FormSection>

      <FormSection title={t('registerProvider.sections.countries')}>
        <FieldPair>
          <CountryChoice
            state={state}
            field="residenceCountry"
            label={t('registerProvider.fields.residenceCountry')}
          />
          <CountryChoice
            state={state}
            field="presenceCountry"
            label={t('registerProvider.fields.presenceCountry')}
          />
        </FieldPair>
        <FieldPair>
          <CountryChoice
            state={state}
            field="interventionCountry"
            label={t('registerProvider.fields.interventionCountry')}
          />
          <TextField
            {...text('yearsAsExpat')}
            label={t('registerProvider.fields.yearsAsExpat')}
            type="number"
            inputMode="numeric"
            min={EXPAT_YEARS_ABROAD_MIN}
            max={YEARS_MAX}
            required
          />
        </FieldPair>
      </FormSection>

      <FormSection title={t('registerProvider.sections.help')}>
        <ListWithOther
          state={state}
          field="languages"
          other="languageOther"
          legend={t('registerProvider.fields.languages')}
          searchLabel={t('registerProvider.fields.searchLanguage')}
          otherLabel={t('registerProvider.fields.languageOther')}
          options={languages}
        />
        <CheckboxGroup
          id={fieldId('helpTypes')}
          legend={t('registerProvider.fields.helpTypes')}
          options={EXPAT_SPECIALTIES.map((key) => ({ value: key, label: t(`specialties.${key}`) }))}
          selected={state.form.helpTypes}
          error={error('helpTypes')}
          onChange={(values) => state.update('helpTypes', values)}
          onLeave={() => state.touch('helpTypes')}
        />
        <TextField
          {...text('helpTypeOther')}
          label={
            <OptionalLabel
              label={t('registerProvider.fields.helpTypeOther')}
              optional={t('registerProvider.fields.optional')}
            />
          }
          maxLength={OTHER_TEXT_MAX_LENGTH}
          autoComplete="off"
        />
      </FormSection>

      <FormSection
        title={t('registerProvider.sections.profile')}
        intro={t('registerProvider.sections.profileIntro')}
      >
        <PhotoField
          id={fieldId('profilePhoto')}
          preview={state.photoPreview}
          error={error('profilePhoto')}
          onUploaded={state.setPhoto}
          onTouched={() => state.touch('profilePhoto')}
        />
        <BioField state={state} />
      </FormSection>

      <IdentitySection state={state} />
    </>
  );
}
