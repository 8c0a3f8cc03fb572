import { textSuggestionEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { TextSuggestionService } from './text-suggestions.service.ts';

export function textSuggestionRoutes(app: FastifyInstance, suggestions: TextSuggestionService) {
  route(app, textSuggestionEndpoints.values, async ({ params }) => ({ data: await suggestions.values(params.key) }));
  route(app, textSuggestionEndpoints.append, async ({ caller, params, body }) => ({
    data: await suggestions.append(caller, params.key, body.values),
  }));
}
