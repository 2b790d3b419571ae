/** Where the messages moderation screens live in the console (screens.ts paths). */
import { adminPath } from '../screens';

export const conversationsPath = () => adminPath('comms/messages');
export const conversationPath = (orderId: string) => adminPath('comms/messages/:orderId', { orderId });
