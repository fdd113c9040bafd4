// Ask fide-tiebreaks for standings after each round, through one long-lived process
// (POSIX pipes). g++ -std=c++17 -o client client.cpp && ./client /abs/path/event.trf
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

// A JSON string literal (a JSON library does this in real code).
static std::string json_string(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        if (c == '"' || c == '\\') { out += '\\'; out += char(c); }
        else if (c < 0x20) { char buf[8]; std::snprintf(buf, sizeof buf, "\\u%04x", c); out += buf; }
        else out += char(c);
    }
    return out + "\"";
}

static std::string read_line(FILE* in) {
    std::string line;
    for (int c; (c = std::fgetc(in)) != EOF && c != '\n';) line += char(c);
    return line;
}

int main(int argc, char** argv) {
    if (argc != 2) { std::cerr << "usage: client EVENT.TRF\n"; return 2; }
    int to_service[2], from_service[2];
    if (pipe(to_service) != 0 || pipe(from_service) != 0) { perror("pipe"); return 1; }
    pid_t pid = fork();
    if (pid == 0) {  // the service: requests on stdin, responses on stdout
        dup2(to_service[0], STDIN_FILENO);
        dup2(from_service[1], STDOUT_FILENO);
        close(to_service[1]); close(from_service[0]);
        execlp("fide-tiebreaks", "fide-tiebreaks", "serve", "--stdio", (char*)nullptr);
        perror("fide-tiebreaks"); _exit(127);
    }
    close(to_service[0]); close(from_service[1]);
    FILE* requests = fdopen(to_service[1], "w");
    FILE* responses = fdopen(from_service[0], "r");

    for (int round = 1; round <= 2; ++round) {
        // One request per line; use a JSON library in real code (this path needs no escaping).
        std::fprintf(requests, "{\"id\": %d, \"path\": \"%s\", \"tiebreaks\": \"BH/C1,BH,SB\", "
                     "\"after_round\": %d}\n", round, argv[1], round);
        std::fflush(requests);
        std::string response = read_line(responses);
        bool ok = response.rfind("{\"id\": " + std::to_string(round) + ", \"tournament\"", 0) == 0;
        std::cout << "round " << round << ": " << (ok ? "standings received" : response) << "\n";
    }
    // A pairing program holds the event itself: after each round it sends the event's TRF
    // text (or its Chess-JSON document, "chess_json") in the request.
    std::ifstream file(argv[1], std::ios::binary);
    std::stringstream trf;
    trf << file.rdbuf();
    std::string request = "{\"id\": 3, \"trf\": " + json_string(trf.str()) +
                          ", \"tiebreaks\": \"BH/C1,BH,SB\", \"edition\": \"fide-2024\"}\n";
    std::fputs(request.c_str(), requests);
    std::fflush(requests);
    std::string response = read_line(responses);
    bool ok = response.rfind("{\"id\": 3, \"tournament\"", 0) == 0;
    std::cout << "text: " << (ok ? "standings received" : response) << "\n";
    std::fclose(requests);  // end of input ends the service
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
