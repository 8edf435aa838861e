/** English strings of the notifications screens (the source language: every other locale mirrors these keys). */
export default {};
