/** A response whose body arrives in the given chunks (of bytes 'A'), as a download does over the network. */
export function streamed(chunks: number[], headers: Record<string, string>, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(65));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}
