import { hash, type PromptSubject } from './prompt-subject.ts';
import { slugify } from '../../../shared/slug.ts';

/** Deterministic choice and wording helpers for sandbox output, all keyed by the prompt and a path. */
export class SandboxText {
  readonly subject: PromptSubject;

  constructor(subject: PromptSubject) {
    this.subject = subject;
  }

  /** A stable number in [0, 1) for a path in the output. */
  unit(path: string): number {
    return hash(`${this.subject.seed}:${path}`) / 0x1_0000_0000;
  }

  pick<T>(options: readonly T[], path: string): T {
    return options[Math.floor(this.unit(path) * options.length)] as T;
  }

  keyword(index: number): string {
    const { keywords } = this.subject;
    return keywords[index % keywords.length] as string;
  }

  /** A short phrase made of the task's own words: "Fintech Startups Berlin". */
  phrase(index: number, length = 3): string {
    const words: string[] = [];
    for (let offset = 0; offset < length; offset += 1) {
      const word = this.keyword(index + offset);
      if (!words.includes(word)) words.push(word);
    }
    return titleCase(words.join(' '));
  }

  title(index: number): string {
    const topic = index === 0 ? titleCase(this.subject.topic) : this.phrase(index);
    // A topic that is already a question or instruction ("How to choose a CRM") reads best as it is.
    if (/^(how|what|why|when|which|who|where|should|can|is|are|do|does)\b/i.test(topic)) {
      return this.pick([topic, `${topic}: A Practical Guide`, `${topic}, Step by Step`], `title:${index}`);
    }
    const templates = [
      `${topic}: A Practical Guide`,
      `How to Approach ${topic}`,
      `${topic}: What Matters Most`,
      `A Clear Plan for ${topic}`,
    ];
    return this.pick(templates, `title:${index}`);
  }

  /** A sentence about the task's own words; keywords only, so it reads well whatever the prompt's form. */
  sentence(index: number): string {
    const first = this.keyword(index);
    const second = this.keyword(index + 1);
    const templates = [
      `Start with ${first}, then look at ${second}.`,
      `${capitalize(first)} is the main point to address; ${second} follows from it.`,
      `Check ${first} against ${second} before deciding.`,
      `Keep ${first} and ${second} in view when planning the next step.`,
      `${capitalize(first)} has the most effect here, so it comes first.`,
      `Keep the handling of ${second} on record so that results can be compared.`,
    ];
    return this.pick(templates, `sentence:${index}`);
  }

  /** A short spoken-style answer, for reply and response fields. */
  reply(index: number): string {
    const first = this.keyword(index);
    const second = this.keyword(index + 1);
    return this.pick(
      [
        `Thanks for your message about ${first}. I can help with that. Could you tell me a little more about ${second} so I can check the details?`,
        `I understand, and I am sorry about the trouble with ${first}. Let me look into ${second} for you. Can you share your reference number?`,
        `Good question about ${first}. Here is what I can tell you, and I will note ${second} so the team can follow up.`,
      ],
      `reply:${index}`,
    );
  }

  paragraph(index: number, sentences = 3): string {
    return Array.from({ length: sentences }, (_, offset) => this.sentence(index + offset)).join(' ');
  }

  /** A short markdown document with headings and a list, about the task. */
  markdown(index: number): string {
    const heading = titleCase(this.subject.topic);
    const sections = [0, 1, 2].map((section) => {
      const name = this.phrase(index + section * 2, 2);
      return `## ${name}\n\n${this.paragraph(index + section * 3, 3)}`;
    });
    const bullets = [0, 1, 2].map((item) => `- ${this.sentence(index + 7 + item)}`).join('\n');
    return `# ${heading}\n\n${this.paragraph(index, 2)}\n\n${sections.join('\n\n')}\n\n## Key Points\n\n${bullets}\n`;
  }

  /** An invented company name from the task's words, e.g. "Fintech Ledger Labs". */
  companyName(index: number): string {
    const middles = ['Ledger', 'Bridge', 'Flow', 'Harbor', 'Signal', 'Forge', 'Pilot', 'Summit', 'Nest', 'Beacon', 'Orbit', 'Atlas'];
    const suffixes = ['Labs', 'Group', 'Partners', 'Systems', 'Collective', 'Works', 'Analytics', 'Solutions'];
    const keyword = titleCase(this.keyword(index));
    return `${keyword} ${this.pick(middles, `company-middle:${index}`)} ${this.pick(suffixes, `company-suffix:${index}`)}`;
  }

  /** A place from the task when it names one (a `location` detail), otherwise a generic market. */
  place(index: number): string {
    const { details } = this.subject;
    const given = details.location ?? details.city ?? details.region ?? details.country ?? details.market;
    if (given) return given;
    const mention = /\b(?:in|near|around|across)\s+([A-Z][\p{L}-]+(?:\s+[A-Z][\p{L}-]+)?)/u.exec(this.subject.topic);
    return mention?.[1] ?? this.pick(['United States', 'United Kingdom', 'Germany', 'Remote / global'], `place:${index}`);
  }

  personName(index: number): string {
    const first = ['Alex', 'Jordan', 'Sam', 'Taylor', 'Morgan', 'Casey', 'Robin', 'Jamie'];
    const last = ['Becker', 'Novak', 'Silva', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Rossi'];
    return `${this.pick(first, `first:${index}`)} ${this.pick(last, `last:${index}`)}`;
  }

  /** Addresses on the reserved `.example` domain: syntactically valid, never anyone's real inbox. */
  email(index: number, company?: string): string {
    const local = this.pick(['hello', 'contact', 'partnerships', 'sales', 'team', 'info'], `email:${index}`);
    return `${local}@${slugify(company ?? this.companyName(index))}.example`;
  }

  url(index: number, company?: string): string {
    return `https://www.${slugify(company ?? this.companyName(index))}.example/`;
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Words that stay lowercase inside a title, as English style guides have it. */
const minorWords = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'nor', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && minorWords.has(word.toLowerCase()) ? word.toLowerCase() : word.replace(/(^|-)(\p{L})/gu, (_match, separator: string, letter: string) => separator + letter.toUpperCase())))
    .join(' ');
}
