/**
 * The namespaces the sign-in pages use: downloaded before the first render. Every other namespace belongs to the
 * signed-in console and arrives with its routes (issue 27: the login page carries no feature's wording).
 */
const signInNamespaces: readonly string[] = ['common', 'validation'];

export const isSignInNamespace = (namespace: string): boolean => signInNamespaces.includes(namespace);
