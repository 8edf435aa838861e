/**
 * The shape another language must have: every key of the English namespace, each a string (plural forms
 * are keys of their own: `x_one`, `x_other`). A missing or extra key is a type error, so a language is
 * complete or the build fails.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
