// Ask fide-tiebreaks for standings after each round, through one long-lived process.
// javac Client.java && java Client event.trf
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

public class Client {
    public static void main(String[] args) throws Exception {
        Process service = new ProcessBuilder("fide-tiebreaks", "serve", "--stdio")
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedWriter requests = new BufferedWriter(
                new OutputStreamWriter(service.getOutputStream(), StandardCharsets.UTF_8));
        BufferedReader responses = new BufferedReader(
                new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8));

        String path = Paths.get(args[0]).toAbsolutePath().toString();
        for (int round = 1; round <= 2; round++) {
            // One request per line; use a JSON library in real code (this path needs no escaping).
            requests.write("{\"id\": " + round + ", \"path\": \"" + path
                    + "\", \"tiebreaks\": \"BH/C1,BH,SB\", \"after_round\": " + round + "}\n");
            requests.flush();
            String response = responses.readLine();  // one JSON object per line
            System.out.println(response.startsWith("{\"id\": " + round + ", \"tournament\"")
                    ? "round " + round + ": standings received"
                    : "round " + round + ": " + response);
        }
        // A pairing program holds the event itself: after each round it sends the event's
        // TRF text (or its Chess-JSON document, "chess_json") in the request.
        String trf = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8);
        requests.write("{\"id\": 3, \"trf\": " + jsonString(trf)
                + ", \"tiebreaks\": \"BH/C1,BH,SB\", \"edition\": \"fide-2024\"}\n");
        requests.flush();
        String response = responses.readLine();
        System.out.println(response.startsWith("{\"id\": 3, \"tournament\"")
                ? "text: standings received" : "text: " + response);
        requests.close();  // end of input ends the service
        System.exit(service.waitFor());
    }

    // A JSON string literal (a JSON library does this in real code).
    static String jsonString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }
}
