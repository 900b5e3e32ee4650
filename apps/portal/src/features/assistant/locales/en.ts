export const en = {
  label: 'Ask AI Assist',
  placeholder: 'Ask me anything about your services...',
  ask: 'Ask',
  open: 'Open AI Assist',
};

export type AssistTexts = typeof en;
