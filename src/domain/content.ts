import type { ExtractDocumentTypeFromTypedRxJsonSchema } from 'rxdb';
import { LANGUAGES } from './languages';

/**
 * Public editorial content, one document per item and language: help-centre articles, FAQ
 * entries, testimonials and legal documents. Written by the server only.
 */
export const CONTENT_TYPES = ['article', 'faq', 'testimonial', 'legal'] as const;

export const contentSchema = {
  title: 'public content',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    type: { type: 'string', enum: CONTENT_TYPES, maxLength: 12 },
    language: { type: 'string', enum: LANGUAGES, maxLength: 2 },
    category: { type: 'string', maxLength: 40 },
    slug: { type: 'string', maxLength: 160 },
    title: { type: 'string', maxLength: 300 },
    summary: { type: 'string', maxLength: 1000 },
    body: { type: 'string', maxLength: 100_000 },
    order: { type: 'integer', minimum: 0, maximum: 100_000 },
    version: { type: 'string', maxLength: 20 },
    publishedAt: { type: 'string', maxLength: 30 },
    /** Testimonials only. */
    rating: { type: 'number', minimum: 0, maximum: 5 },
    country: { type: 'string', maxLength: 2 },
    serviceType: { type: 'string', enum: ['lawyer', 'expat'] },
    authorName: { type: 'string', maxLength: 120 },
    helpfulCount: { type: 'integer', minimum: 0 },
    verified: { type: 'boolean' },
    updatedAt: { type: 'string', maxLength: 30 },
  },
  required: ['id', 'type', 'language', 'updatedAt'],
  indexes: [['type', 'language', 'id']],
  additionalProperties: false,
} as const;

export type ContentDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof contentSchema>;
