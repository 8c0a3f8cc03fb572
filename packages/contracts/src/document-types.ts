/**
 * The types of customer communication document (documents.ts), without their schemas: the console's route table
 * builds a page per type, and importing them from documents.ts would carry every document schema onto the first
 * screen (issue 27).
 */
export const accountDocumentTypes = ['terms', 'privacy-policy', 'help-center'] as const;

export const partnerDocumentTypes = ['terms', 'privacy-policy', 'help-center', 'notice'] as const;
