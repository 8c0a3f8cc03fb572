/**
 * The namespaces the sign-in pages use: downloaded before the first render. Every other namespace belongs to the
 * signed-in console and arrives with its routes (issue 27: the login page carries no feature's wording).
 */
const signInNamespaces: readonly string[] = ['common', 'validation'];

/**
 * The console's first screen after sign-in (the shell's notification bell and the asset dashboard): downloaded with
 * the console's routes. The other pages' namespaces follow with the first page that is not the dashboard (issue 27:
 * the dashboard does not download the whole console's wording).
 */
const shellNamespaces: readonly string[] = ['notifications', 'dashboard'];

/** Which download a namespace travels in: the sign-in pages', the console's first screen's, or the other pages'. */
export type TranslationPart = 'signIn' | 'shell' | 'pages';

export const partOfNamespace = (namespace: string): TranslationPart =>
  signInNamespaces.includes(namespace) ? 'signIn' : shellNamespaces.includes(namespace) ? 'shell' : 'pages';
