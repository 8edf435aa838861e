/**
 * What the bundler may drop (issue 15: the first screen loads only its own code). Ionic's packages and
 * the contract declare no `sideEffects`, so by default every module they contain counts as needed even
 * when nothing of it is used (every Ionic component, every schema); they have none at import, so they
 * are marked side-effect free. CSS is imported for its effect and always kept.
 */
export const treeshake = {
  moduleSideEffects: [
    { test: /\.css$/, sideEffects: true },
    {
      test: /[\\/]node_modules[\\/]@ionic[\\/](core[\\/]components|react[\\/]dist|react-router[\\/]dist)[\\/]/,
      sideEffects: false,
    },
    { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
  ],
};
