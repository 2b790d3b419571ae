/**
 * The demo directory is what every fresh install shows: it must fit the provider schema exactly
 * (the store rejects anything else), be varied enough to exercise the filters, and be stable from
 * one start to the next so that seeding stays idempotent.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/domain/languages';
import { PROFESSIONS } from '../../src/domain/professions';
import { providerListOrder, providerSchema } from '../../src/domain/provider';
import type { Provider } from '../../src/domain/provider';
import { EXPAT_SPECIALTIES, LAWYER_SPECIALTIES } from '../../src/domain/specialties';
import { demoProviders } from '../../server/seed/demo-providers';

const PUBLIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../public');
const NOW = new Date('2025-06-01T12:00:00.000Z');
const TIMESTAMP_KEYS = ['createdAt', 'updatedAt', 'lastStatusChange'] as const;

function jsonSchemaOf(schema: typeof providerSchema): Record<string, unknown> {
  const { primaryKey: _primaryKey, version: _version, indexes: _indexes, ...rest } = schema;
  return rest;
}

function withoutTimestamps(p: Provider): Omit<Provider, (typeof TIMESTAMP_KEYS)[number]> {
  const { createdAt: _c, updatedAt: _u, lastStatusChange: _l, ...rest } = p;
  return rest;
}

const providers = demoProviders(NOW);

describe('demo providers', () => {
  it('all validate against the provider schema', () => {
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(jsonSchemaOf(providerSchema));
    for (const p of providers) {
      const ok = validate(p);
      expect(validate.errors ?? [], p.id).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('is large and spread over many countries', () => {
    expect(providers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(providers.map((p) => p.country)).size).toBeGreaterThanOrEqual(15);
    for (const p of providers) {
      expect(p.country).toMatch(/^[A-Z]{2}$/);
      expect(p.practiceCountries).toContain(p.country);
      expect(p.practiceCountries?.length).toBeLessThanOrEqual(3);
    }
  });

  it('has exactly half of the providers online, with matching availability', () => {
    const online = providers.filter((p) => p.isOnline);
    expect(online.length * 2).toBe(providers.length);
    for (const p of providers) expect(p.availability).toBe(p.isOnline ? 'available' : 'unavailable');
    for (const role of ['lawyer', 'expat'] as const) {
      expect(online.some((p) => p.role === role)).toBe(true);
      expect(providers.some((p) => p.role === role && !p.isOnline)).toBe(true);
    }
  });

  it('gives everyone 1 to 4 languages and every language at least 8 speakers', () => {
    for (const p of providers) {
      expect(p.languages.length).toBeGreaterThanOrEqual(1);
      expect(p.languages.length).toBeLessThanOrEqual(4);
      expect(new Set(p.languages).size).toBe(p.languages.length);
    }
    for (const lang of LANGUAGES) {
      expect(providers.filter((p) => p.languages.includes(lang)).length, lang).toBeGreaterThanOrEqual(8);
    }
  });

  it('covers every profession and both roles', () => {
    const professions = new Set(providers.map((p) => p.profession));
    for (const profession of PROFESSIONS) expect(professions.has(profession), profession).toBe(true);
    const lawyers = providers.filter((p) => p.role === 'lawyer').length;
    expect(lawyers / providers.length).toBeGreaterThan(0.3);
    expect(lawyers / providers.length).toBeLessThan(0.5);
  });

  it('has unique ids and slugs in the expected formats', () => {
    expect(new Set(providers.map((p) => p.id)).size).toBe(providers.length);
    expect(new Set(providers.map((p) => p.slug)).size).toBe(providers.length);
    for (const p of providers) {
      expect(p.id).toMatch(/^demo-(lawyer|expat)-\d{3}$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-\d{3}$/);
      expect(p.slug.endsWith(p.id.slice(-3))).toBe(true);
    }
  });

  it('has plausible profile figures and texts', () => {
    const specialties: Record<Provider['role'], readonly string[]> = {
      lawyer: LAWYER_SPECIALTIES,
      expat: EXPAT_SPECIALTIES,
    };
    for (const p of providers) {
      expect(p.rating).toBeGreaterThanOrEqual(4);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10)).toBeCloseTo(p.rating * 10, 9);
      expect(p.reviewCount).toBeGreaterThanOrEqual(3);
      expect(p.reviewCount).toBeLessThanOrEqual(420);
      expect(p.completedCalls ?? 0).toBeGreaterThanOrEqual(p.reviewCount);
      expect(p.listOrder).toBe(providerListOrder(p));
      expect(p.specialties.length).toBeGreaterThanOrEqual(2);
      expect(p.specialties.length).toBeLessThanOrEqual(4);
      for (const s of p.specialties) expect(specialties[p.role]).toContain(s);
      expect(p.bio?.length ?? 0).toBeGreaterThanOrEqual(60);
      expect(p.bio?.length ?? 0).toBeLessThanOrEqual(400);
      if (p.role === 'expat') expect(p.yearsAsExpat).toBeGreaterThanOrEqual(1);
      else expect(p.education?.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('has a portrait file for every provider', () => {
    for (const p of providers) {
      expect(p.profilePhoto).toBe(`/photos/providers/${p.id}.svg`);
      expect(existsSync(resolve(PUBLIC_DIR, `.${p.profilePhoto}`)), p.profilePhoto).toBe(true);
    }
  });

  it('is deterministic apart from timestamps, which lie before now', () => {
    const later = new Date(NOW.getTime() + 86_400_000 * 3);
    const again = demoProviders(later);
    expect(again.map(withoutTimestamps)).toEqual(providers.map(withoutTimestamps));
    for (const p of again) {
      for (const key of TIMESTAMP_KEYS) expect(Date.parse(p[key] ?? '')).toBeLessThanOrEqual(later.getTime());
      expect(Date.parse(p.createdAt)).toBeLessThanOrEqual(Date.parse(p.updatedAt));
    }
  });
});
