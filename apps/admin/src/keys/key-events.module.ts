import { Module } from '@nestjs/common';
import { KeyEventsPublisher } from './key-events.publisher';

/** Publishes key changes (revocation, suspension) to every API instance over PostgreSQL NOTIFY. */
@Module({ providers: [KeyEventsPublisher], exports: [KeyEventsPublisher] })
export class KeyEventsModule {}
