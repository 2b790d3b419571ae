/**
 * The message being typed in a conversation, kept in this tab per user and consultation, so that
 * nothing typed is lost when the user opens another conversation, reloads, or goes to a demo
 * expert's space and back (session storage: it never leaves the tab, and ends with it).
 */
import { useEffect, useState } from 'react';

const key = (uid: string, orderId: string) => `sos-expat:message-draft:${uid}:${orderId}`;

function read(name: string): string {
  try {
    return sessionStorage.getItem(name) ?? '';
  } catch {
    return '';
  }
}

/** The draft of a conversation and its setter (an empty draft is forgotten). */
export function useMessageDraft(uid: string, orderId: string): [string, (text: string) => void] {
  const name = key(uid, orderId);
  // The draft read belongs to its key: when the user or the conversation changes, the other draft
  // is read, never written over with this one.
  const [draft, setDraft] = useState(() => ({ name, text: read(name) }));
  const text = draft.name === name ? draft.text : read(name);
  useEffect(() => {
    if (draft.name !== name) return;
    try {
      if (draft.text) sessionStorage.setItem(name, draft.text);
      else sessionStorage.removeItem(name);
    } catch {
      // Storage full or disabled: the composer keeps working, the draft is simply not kept.
    }
  }, [name, draft]);
  return [text, (next: string) => setDraft({ name, text: next })];
}
