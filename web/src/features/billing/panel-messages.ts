import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The subscription panel's texts whose key is chosen at run time (a status, a plan, a payment's outcome),
// read with its Lingui `t`: `t(messageFor(PANEL_STATUS_MESSAGES, status))`.

export const PANEL_PAYMENT_STATUS_MESSAGES: Record<string, MessageDescriptor> = {
  succeeded: msg({ id: 'billing.panel.paymentStatus.succeeded', message: 'Paid' }),
  failed: msg({ id: 'billing.panel.paymentStatus.failed', message: 'Failed' }),
};

export const PANEL_PLAN_MESSAGES: Record<string, MessageDescriptor> = {
  monthly: msg({ id: 'billing.panel.plan.monthly', message: 'Pro Monthly' }),
  annual: msg({ id: 'billing.panel.plan.annual', message: 'Pro Annual' }),
};

export const PANEL_STATUS_MESSAGES: Record<string, MessageDescriptor> = {
  active: msg({ id: 'billing.panel.status.active', message: 'Active' }),
  canceled: msg({ id: 'billing.panel.status.canceled', message: 'Canceled' }),
  past_due: msg({ id: 'billing.panel.status.past_due', message: 'Past due' }),
  unpaid: msg({ id: 'billing.panel.status.unpaid', message: 'Unpaid' }),
  trialing: msg({ id: 'billing.panel.status.trialing', message: 'Trial' }),
  incomplete: msg({ id: 'billing.panel.status.incomplete', message: 'Incomplete' }),
};
