import { Kafka, logLevel, type KafkaConfig } from 'kafkajs';

export interface KafkaConnectionOptions {
  /** Broker list, e.g. from KAFKA_BROKERS ("host:port,host:port"). */
  brokers: readonly string[] | string;
  clientId?: string;
  /** kafkajs log level; default WARN. */
  logLevel?: logLevel;
  /** Extra kafkajs settings (SASL, SSL...). */
  kafka?: Partial<KafkaConfig>;
}

export function parseBrokers(brokers: readonly string[] | string): string[] {
  const list = (typeof brokers === 'string' ? brokers.split(',') : [...brokers]).map((b) => b.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('KAFKA_BROKERS is empty: expected host:port[,host:port]');
  for (const b of list) {
    if (!/^[^\s:]+:\d+$/.test(b)) throw new Error(`KAFKA_BROKERS entry "${b}" is not host:port`);
  }
  return list;
}

export function createKafka(options: KafkaConnectionOptions, defaultClientId: string): Kafka {
  return new Kafka({
    clientId: options.clientId ?? defaultClientId,
    brokers: parseBrokers(options.brokers),
    logLevel: options.logLevel ?? logLevel.WARN,
    ...options.kafka,
  });
}
