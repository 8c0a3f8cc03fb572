/** Placeholder: filled by the issue-4 module of the same name. */
export {};
