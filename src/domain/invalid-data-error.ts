/** A data file (agents, models, plans) that fails validation, with every problem found in it. */
export class InvalidDataError extends Error {
  readonly problems: readonly string[];

  constructor(subject: string, problems: string[]) {
    super(`${subject} is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'InvalidDataError';
    this.problems = problems;
  }
}
