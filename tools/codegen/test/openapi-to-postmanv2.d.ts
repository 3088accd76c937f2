// The part of openapi-to-postmanv2's API the import test calls (the package ships no types).
declare module 'openapi-to-postmanv2' {
  interface PostmanUrl {
    protocol?: string;
    host?: string[];
    path?: string[];
  }
  interface PostmanItem {
    name: string;
    item?: PostmanItem[];
    request?: { method: string; url: PostmanUrl };
  }
  interface ConversionResult {
    result: boolean;
    reason?: string;
    output: { type: string; data: { item: PostmanItem[] } }[];
  }
  const Converter: {
    convertV2(
      input: { type: 'string' | 'json'; data: unknown },
      options: Record<string, unknown>,
      callback: (error: Error | null, result: ConversionResult) => void,
    ): void;
  };
  export default Converter;
  export type { PostmanItem, ConversionResult };
}
