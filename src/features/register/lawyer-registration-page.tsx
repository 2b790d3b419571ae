import { useTranslation } from 'react-i18next';
import { LAWYER_SPECIALTIES } from '../../domain/specialties';
import { GRADUATION_YEAR_MIN, OTHER_TEXT_MAX_LENGTH, YEARS_MAX } from '../../domain/registration';
import { TextField } from '../../ui/form-field';
import { EducationList } from './provider-form-education';
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
  useCountryOptions,
  useLanguageOptions,
} from './provider-form-sections';
import type { ProviderFormState } from './provider-form-state';

/** `/register/lawyer`: a lawyer creates their account and profile, then waits for approval. */
export function LawyerRegistrationPage() {
  return <ProviderRegistration role="lawyer" sections={(state) => <LawyerSections state={state} />} />;
}

function LawyerSections({ state }: { state: ProviderFormState }) {
  const { t } = useTranslation();
  const { error, text } = useBinder({ state });
  const countries = useCountryOptions();
  const languages = useLanguageOptions();
  const optional = t('registerProvider.fields.optional');
  const thisYear = new Date().getFullYear();

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
        <PhoneField
          name="whatsapp"
          legend={t('registerProvider.fields.whatsapp')}
          number={state.form.whatsapp}
          country={state.form.whatsappCountry}
          fallbackCountry={state.form.phoneCountry}
          error={error('whatsapp')}
          onNumber={(value) => state.update('whatsapp', value)}
          onCountry={(value) => state.update('whatsappCountry', value)}
          onBlur={() => state.touch('whatsapp')}
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
        <ListWithOther
          state={state}
          field="practiceCountries"
          other="practiceCountryOther"
          legend={t('registerProvider.fields.practiceCountries')}
          searchLabel={t('registerProvider.fields.searchCountry')}
          otherLabel={t('registerProvider.fields.practiceCountryOther')}
          options={countries}
        />
      </FormSection>

      <FormSection title={t('registerProvider.sections.expertise')}>
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
          id={fieldId('specialties')}
          legend={t('registerProvider.fields.specialties')}
          options={LAWYER_SPECIALTIES.map((key) => ({ value: key, label: t(`specialties.${key}`) }))}
          selected={state.form.specialties}
          error={error('specialties')}
          onChange={(values) => state.update('specialties', values)}
          onLeave={() => state.touch('specialties')}
        />
        <TextField
          {...text('specialtyOther')}
          label={<OptionalLabel label={t('registerProvider.fields.specialtyOther')} optional={optional} />}
          maxLength={OTHER_TEXT_MAX_LENGTH}
          autoComplete="off"
        />
        <FieldPair>
          <TextField
            {...text('yearsOfExperience')}
            label={
              <OptionalLabel label={t('registerProvider.fields.yearsOfExperience')} optional={optional} />
            }
            type="number"
            inputMode="numeric"
            min={0}
            max={YEARS_MAX}
          />
          <TextField
            {...text('graduationYear')}
            label={<OptionalLabel label={t('registerProvider.fields.graduationYear')} optional={optional} />}
            type="number"
            inputMode="numeric"
            min={GRADUATION_YEAR_MIN}
            max={thisYear}
          />
        </FieldPair>
        <EducationList
          id={fieldId('education')}
          rows={state.form.education}
          error={error('education')}
          onChange={(rows) => state.update('education', rows)}
          onTouched={() => state.touch('education')}
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
