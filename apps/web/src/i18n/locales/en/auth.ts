/** English strings of the auth screens (the source language: every other locale mirrors these keys). */
export default {};
