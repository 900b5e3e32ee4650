export const en = {
  areas: { insights: 'Energy insights', rateComparison: 'Rate comparison', assistant: 'AI Assist' },
  title: '{{area}} is not offered',
  text: '{{area}} is not offered by {{utility}}. Your bills, payments and usage are on the portal as always.',
  home: 'Back to the home page',
};

export type SideAreaTexts = typeof en;
