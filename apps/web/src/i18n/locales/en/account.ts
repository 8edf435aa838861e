/** English strings of the account screens (the source language: every other locale mirrors these keys). */
export default {};
