// The staff queue's server messages, apart from zod so the portal can translate them alone.
export const staffMessages = {
  staffOnly: 'Only the utility’s staff may do this',
  itemNotFound: 'Request not found',
  accountNotFound: 'Account not found',
  notStaff: 'Assign to a staff member of this utility',
  badStatus: 'This status does not apply to this kind of request',
  changedMeanwhile: 'Someone else changed this request meanwhile; reload it and try again',
  commentRequired: 'Write a comment first',
  badDateRange: 'The start date must not be after the end date',
} as const;
