import { Module } from '@nestjs/common';
import { DrugsController } from '../drugs/drugs.controller';
import { KbController } from '../kb/kb.controller';
import { KnowledgeBaseService } from '../kb/knowledge-base.service';
import { InteractionsController } from './interactions.controller';

/** The interaction check, drug search/detail and KB description, all over one in-memory knowledge base. */
@Module({
  controllers: [InteractionsController, DrugsController, KbController],
  providers: [KnowledgeBaseService],
  exports: [KnowledgeBaseService],
})
export class InteractionsModule {}
