import express from 'express';
import type { Router } from 'express';
import { contactProblems, normalizeContactMessage } from '../../src/domain/contact';
import type { ContactInput, ContactMessage } from '../../src/domain/contact';
import { isConflict } from '../store/store';
import type { Store } from '../store/store';
import { jsonBody } from './json-body';

/**
 * `POST /api/contact`: a message from the contact form, kept in the `admin` database for the admin
 * console. Idempotent on the message's id: the browser's outbox may send it again after a lost
 * answer, and a second send stores nothing new.
 */
export function contactRouter(store: Store): Router {
  const router = express.Router();
  router.post('/contact', jsonBody('32kb'), async (req, res) => {
    const body: unknown = req.body;
    const input: ContactInput = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    const fields = contactProblems(input);
    if (Object.keys(fields).length > 0) {
      res.status(400).json({
        error: { code: 'invalid_contact', message: 'The contact message is not valid.', fields },
      });
      return;
    }
    const { id, ...message } = normalizeContactMessage(input as ContactMessage);
    try {
      await store.db('admin').insert({
        _id: `contact:${id}`,
        type: 'contact_message',
        ...message,
        status: 'new',
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    res.status(201).json({ ok: true, id });
  });
  return router;
}
