/** English strings of the earn screens (the source language: every other locale mirrors these keys). */
export default {};
