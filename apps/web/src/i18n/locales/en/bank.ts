/** English strings of the bank screens (the source language: every other locale mirrors these keys). */
export default {};
