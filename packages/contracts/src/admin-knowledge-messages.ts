// The knowledge-base editor's server messages (issue 14), zod-free so the portal's section can
// match them without loading the schemas.
export const adminKnowledgeMessages = {
  notFound: 'No such article',
  exists: 'An article with this slug already exists in this language',
  deleted: 'Article deleted',
  noMarkdown: 'No Markdown (.md) files were chosen',
} as const;
