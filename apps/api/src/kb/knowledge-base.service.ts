import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { KbDescription } from '@vigil/contracts';
import { type DatabaseLocation, KB_EVENTS_CHANNEL, KbReleaseRepository } from '@vigil/db';
import { CURATED_KB_PATH, type CompiledKnowledgeBase, DrugSearchIndex, InteractionEngine, type KnowledgeBase, composeRelease, readCompiledKb } from '@vigil/engine';
import { DATABASE_LOCATION, PgChannelListener } from '@vigil/platform';
import { DataSource } from 'typeorm';
import { API_CONFIG } from '../config/api-config.token';
import { BuildGarbageCollector } from './build-garbage.collector';
import type { ApiConfig } from '../config/api-env.schema';

/** Everything a request needs from one release; swapped as a whole, so a response never mixes two releases. */
export interface KbState {
  kb: KnowledgeBase;
  search: DrugSearchIndex;
}

/**
 * The active knowledge-base release in memory: the curated pack built into the engine plus the imported sources
 * the release includes. Indexed once (no I/O on the request path). When another release is activated, every
 * instance hears it on LISTEN/NOTIFY, builds the new index beside the old one and swaps the reference.
 */
@Injectable()
export class KnowledgeBaseService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KnowledgeBase');
  readonly engine = new InteractionEngine();
  private readonly releases: KbReleaseRepository;
  private readonly listener: PgChannelListener;
  private curated!: CompiledKnowledgeBase;
  private state!: KbState;
  private loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_LOCATION) location: DatabaseLocation,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.releases = new KbReleaseRepository(dataSource);
    this.listener = new PgChannelListener(() => location.url, KB_EVENTS_CHANNEL, {
      onMessage: () => void this.reload(),
      onConnected: () => {
        if (this.state) void this.reload();
      },
    });
  }

  async onModuleInit(): Promise<void> {
    this.curated = readCompiledKb(CURATED_KB_PATH);
    await this.ensureCuratedRelease();
    await this.loadActive();
    // Before any traffic: drop what building the release left behind (see BuildGarbageCollector).
    this.collectBuildGarbage();
    await this.listener.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }

  /** The release serving requests right now; read it once per request. */
  current(): KbState {
    return this.state;
  }

  /** `GET /v1/kb`: the serving release, its sizes and its sources. */
  describe(): KbDescription {
    const { kb } = this.state;
    return { ...kb.info, counts: kb.counts() };
  }

  /** Builds a release's knowledge base (used for loading and by callers that diff releases). */
  async build(version: string): Promise<KnowledgeBase> {
    const release = await this.releases.get(version);
    if (!release) throw new Error(`no knowledge-base release ${version}`);
    const docs = (await this.releases.sourceDocs(release.sourceRefs)) as CompiledKnowledgeBase[];
    return this.compose(docs, release.version, release.releasedAt);
  }

  /**
   * A new curated pack (new build) becomes a new release carrying over the active release's imported sources.
   * The version is derived from the composition, so concurrent instances converge on the same row.
   */
  private async ensureCuratedRelease(): Promise<void> {
    const active = await this.releases.active();
    if (active && active.curatedVersion === this.curated.version) return;
    const sourceRefs = active?.sourceRefs ?? [];
    const version = KbReleaseRepository.releaseVersion(this.curated.version, sourceRefs);
    const docs = (await this.releases.sourceDocs(sourceRefs)) as CompiledKnowledgeBase[];
    const kb = this.compose(docs, version, this.curated.releasedAt);
    await this.releases.create(this.dataSource.manager, {
      version,
      releasedAt: this.curated.releasedAt,
      curatedVersion: this.curated.version,
      sourceRefs,
      sources: kb.info.sources,
      counts: { ...kb.counts() },
    });
    await this.releases.activate(version);
    // Serve the knowledge base just built: loadActive() then finds it current instead of building it again.
    this.install(kb);
    this.logger.log(`curated pack ${this.curated.version} recorded as release ${version}`);
  }

  private compose(docs: CompiledKnowledgeBase[], version: string, releasedAt: string): KnowledgeBase {
    return composeRelease(this.curated, docs, { version, releasedAt }, { sourcePrecedence: this.config.KB_SOURCE_PRECEDENCE });
  }

  private reload(): Promise<void> {
    this.loading = this.loading
      .then(() => this.loadActive())
      .catch((e: Error) => this.logger.error(`knowledge-base reload failed, keeping ${this.state?.kb.version}: ${e.message}`));
    return this.loading;
  }

  private async loadActive(): Promise<void> {
    const active = await this.releases.active();
    if (!active) throw new Error('no active knowledge-base release');
    if (this.state?.kb.version === active.version) return;
    const swapping = this.state !== undefined;
    const t = performance.now();
    const kb = await this.build(active.version);
    this.install(kb);
    this.logger.log(`knowledge base ${kb.version} active (built in ${Math.round(performance.now() - t)} ms)`);
    // A hot swap leaves the old release and the build's garbage (~180 MB with DDInter) in the old generation, where
    // they slow every scavenge (0.94 -> 1.55 ms measured) until V8's next full collection, which steady load can put
    // off for many minutes. The build has just held the event loop for far longer than the collection takes.
    if (swapping) this.collectBuildGarbage();
  }

  private collectBuildGarbage(): void {
    const gc = BuildGarbageCollector.collect();
    if (gc)
      this.logger.log(
        `heap after building the knowledge base: ${gc.beforeMb} MB -> ${gc.afterMb} MB, old generation ${gc.oldSpaceBeforeMb} MB -> ${gc.oldSpaceAfterMb} MB (compacting collection, ${gc.ms} ms)`,
      );
  }

  /** Indexes a built knowledge base beside the serving one, then swaps the single reference requests read. */
  private install(kb: KnowledgeBase): void {
    const next: KbState = { kb, search: new DrugSearchIndex(kb) };
    this.engine.resolverFor(kb);
    this.state = next;
  }
}
