/** Where the comms screens live in the console (screens.ts paths), so that no URL is typed by hand. */
import { adminPath } from '../screens';

export const segmentsPath = () => adminPath('comms/segments');
export const segmentPath = (id?: string) =>
  id ? adminPath('comms/segments/:id', { id }) : adminPath('comms/segments/new');
export const notificationsPath = () => adminPath('comms/notifications');
export const newNotificationPath = () => adminPath('comms/notifications/new');
export const broadcastPath = (id: string) => adminPath('comms/notifications/:id', { id });
export const campaignsPath = () => adminPath('comms/campaigns');
export const newCampaignPath = () => adminPath('comms/campaigns/new');
export const campaignPath = (id: string) => adminPath('comms/campaigns/:id', { id });
export const templatesPath = () => adminPath('comms/templates');
export const templatePath = (kind: string, language: string) =>
  adminPath('comms/templates/:kind/:language', { kind, language });
export const automationsPath = () => adminPath('comms/automations');
export const newAutomationPath = () => adminPath('comms/automations/new');
export const automationPath = (id: string) => adminPath('comms/automations/:id', { id });
