/** English strings of the wallet screens (the source language: every other locale mirrors these keys). */
export default {};
