/** English strings of the affiliate screens (the source language: every other locale mirrors these keys). */
export default {};
