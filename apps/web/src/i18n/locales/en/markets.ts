/** English strings of the markets screens (the source language: every other locale mirrors these keys). */
export default {};
