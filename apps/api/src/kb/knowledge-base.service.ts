import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DrugSearchIndex, InteractionEngine, type KnowledgeBase, loadCuratedKb } from '@vigil/engine';
import { DataSource } from 'typeorm';

export interface KbCounts {
  ingredients: number;
  products: number;
  classes: number;
  rules: number;
  pathways: number;
  domains: number;
}

/**
 * The knowledge base in memory: loaded and indexed once at start (no I/O on the request path), together with the
 * engine and the search index built for it. The release is recorded in the database's version history.
 */
@Injectable()
export class KnowledgeBaseService implements OnModuleInit {
  private readonly logger = new Logger('KnowledgeBase');
  readonly engine = new InteractionEngine();
  private state!: { kb: KnowledgeBase; search: DrugSearchIndex; counts: KbCounts };

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const t = performance.now();
    const kb = loadCuratedKb();
    this.state = { kb, search: new DrugSearchIndex(kb), counts: countsOf(kb) };
    this.engine.resolverFor(kb);
    await this.dataSource.query(
      `INSERT INTO kb_release (version, released_at, sources, counts, active, activated_at)
       VALUES ($1, $2, $3, $4, NOT EXISTS (SELECT 1 FROM kb_release WHERE active), now())
       ON CONFLICT (version) DO NOTHING`,
      [kb.version, kb.releasedAt, JSON.stringify(kb.info.sources), JSON.stringify(this.state.counts)],
    );
    this.logger.log(`knowledge base ${kb.version} loaded in ${Math.round(performance.now() - t)} ms`);
  }

  get kb(): KnowledgeBase {
    return this.state.kb;
  }

  get search(): DrugSearchIndex {
    return this.state.search;
  }

  get counts(): KbCounts {
    return this.state.counts;
  }
}

export function countsOf(kb: KnowledgeBase): KbCounts {
  return { ingredients: kb.ingredients.length, products: kb.products.length, classes: kb.classes.length, rules: kb.rules.length, pathways: kb.pathways.length, domains: kb.domains.length };
}
