import { MetadataKey } from '@toolcraft/core';
import type { ToolRunnableConfig } from '@langchain/core/tools';

/**
 * The metadata entry under which a toolcraft tool called from LangChain finds LangChain's config
 * for the call (`callbacks`, `configurable`, `toolCall`, ...): a `ToolBase` tool reads
 * `metadata.get(LangChainConfigKey)`. The config's `metadata` entries are the call's metadata too.
 */
export const LangChainConfigKey = new MetadataKey<ToolRunnableConfig>('langchain.config');
