// class-validator ships the executor's types under types/, not beside the CommonJS file; this is the part toolcraft uses.
declare module 'class-validator/cjs/validation/ValidationExecutor.js' {
  import type { Validator, ValidatorOptions } from 'class-validator';
  export class ValidationExecutor {
    constructor(validator: Validator, validatorOptions?: ValidatorOptions);
  }
}
