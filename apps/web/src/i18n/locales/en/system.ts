/** English strings of the system screens (the source language: every other locale mirrors these keys). */
export default {};
