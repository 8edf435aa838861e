/** English strings of the security screens (the source language: every other locale mirrors these keys). */
export default {};
