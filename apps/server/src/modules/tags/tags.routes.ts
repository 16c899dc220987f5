import type { Handlers } from '../../core/handler';
import type { TagsService } from './tags.service';

export const tagsRoutes = (tags: TagsService): Handlers => ({
  'merchant/tag/list': ({ body }) => tags.list(body),
});
