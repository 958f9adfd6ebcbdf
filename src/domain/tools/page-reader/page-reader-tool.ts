import type { PageReader, ReadablePage } from '../../../ports/page-reader.ts';
import { invalidRequest } from '../../errors.ts';
import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { fetchWebTarget } from '../web-target.ts';

export const pageReaderDescriptor: ToolDescriptor = {
  name: 'page-reader',
  description: 'The text of the page (answer from it; quote it exactly)',
  outputFields: {
    source: {
      type: 'object',
      description: 'The page the answer is based on, as the service fetched it',
      properties: {
        url: { type: 'string' },
        finalUrl: { type: 'string' },
        title: { type: ['string', 'null'] },
        characters: { type: 'integer', minimum: 0 },
        truncated: { type: 'boolean' },
      },
      required: ['url', 'finalUrl', 'title', 'characters', 'truncated'],
    },
  },
  requiredOutputFields: ['source'],
};

/**
 * Fetches the page a request names (the `url` field, or the first URL in the prompt) and gives its readable
 * text to the model. A page that cannot be fetched, or does not answer 2xx, is a 400 that says why.
 */
export function createPageReaderTool(reader: PageReader): AgentTool {
  return {
    ...pageReaderDescriptor,
    async prepare(context) {
      const { target, result: page } = await fetchWebTarget(
        context,
        { name: 'url', missing: 'Send the page to read (the url field, or a URL in the prompt)', failure: 'could not be read' },
        (address, options) => reader.read(address, options),
      );
      if (page.status < 200 || page.status >= 300) throw invalidRequest([{ path: 'url', message: `${target} answered HTTP ${page.status}` }]);
      const header = `${page.title ?? '(untitled)'} — ${page.finalUrl}${page.truncated ? ' (only the start of the page)' : ''}`;
      return { context: `${header}\n\n${page.text || '(the page has no readable text)'}`, state: page };
    },
    async finish(output, _context, state) {
      const page = state as ReadablePage;
      return { ...output, source: { url: page.url, finalUrl: page.finalUrl, title: page.title, characters: page.text.length, truncated: page.truncated } };
    },
  };
}
