/** Placeholder: filled by the issue-3 module of the same name. */
export {};
