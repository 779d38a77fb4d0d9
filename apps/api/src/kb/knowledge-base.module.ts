import { Module } from '@nestjs/common';
import { KbController } from './kb.controller';
import { KnowledgeBaseService } from './knowledge-base.service';

/** The active knowledge-base release in memory (loaded, hot-swapped) and `GET /v1/kb`. */
@Module({
  controllers: [KbController],
  providers: [KnowledgeBaseService],
  exports: [KnowledgeBaseService],
})
export class KnowledgeBaseModule {}
